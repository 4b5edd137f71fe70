import { describe, expect, it } from 'vitest';
import { checkProduction, isPrivateNetworkHost, productionProblems } from './production.ts';
import { weakSecretProblem } from './secret-strength.ts';

describe('productionProblems (NEW-4)', () => {
  it('NEW-4: checks nothing outside production, and a clean production environment passes', () => {
    expect(productionProblems('edge', { AWS_ACCESS_KEY_ID: 'S3RVER', S3_ENDPOINT: 'http://127.0.0.1:9' })).toEqual([]);
    const clean = {
      NODE_ENV: 'production',
      S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY123456',
      DATABASE_URL: 'postgresql://pipeline:Zx9-q1Lm_77vR@db.example.com/sites?sslmode=require',
      REDIS_URL: 'rediss://:k8Qp-2mZt9@cache.example.com:6380',
      PIPELINE_OPERATOR_TOKEN: 'f3c1a9e07b2d4c6f8a1b3d5e7f9012ab',
      PIPELINE_OPERATOR_PORT: '4323',
    };
    expect(productionProblems('pipeline', clean)).toEqual([]);
    expect(() => checkProduction('pipeline', clean)).not.toThrow();
  });

  it('NEW-4: each unsafe setting is named; the private-network setting allows plain connections to private hosts only', () => {
    const problems = productionProblems('edge', {
      NODE_ENV: 'production',
      AWS_SECRET_ACCESS_KEY: 'minioadmin',
      CLOUDFRONT_ENDPOINT: 'http://127.0.0.1:1',
      PUBLIC_PAYMENT_CLIENT: 'stand-in',
      LEAD_DELIVERY_ALLOW_PRIVATE: 'true',
      LEAD_DELIVERY_SECRET_ACME: 'abababababababab',
      DATABASE_URL: 'postgresql://u:p4ssw0rd-9@10.0.0.5/db?sslmode=disable',
    });
    expect(problems.join('\n')).toMatch(/AWS_SECRET_ACCESS_KEY: the local stand-in/);
    expect(problems.join('\n')).toMatch(/CLOUDFRONT_ENDPOINT: a test-service override/);
    expect(problems.join('\n')).toMatch(/PUBLIC_PAYMENT_CLIENT: a test-service override/);
    expect(problems.join('\n')).toMatch(/LEAD_DELIVERY_ALLOW_PRIVATE: switches the outbound-address guard off/);
    expect(problems.join('\n')).toMatch(/LEAD_DELIVERY_SECRET_ACME: it repeats a pattern of 2 characters/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: sslmode=disable/);
    const privateNet = productionProblems('edge', {
      NODE_ENV: 'production',
      PRIVATE_NETWORK_PLAIN_HTTP: 'true',
      DATABASE_URL: 'postgresql://u:p4ssw0rd-9@10.0.0.5/db?sslmode=disable',
      S3_ENDPOINT: 'http://minio:9000',
      REDIS_URL: 'redis://:pw-7Kq2@redis.internal:6379',
    });
    expect(privateNet).toEqual([]);
    expect(productionProblems('edge', { NODE_ENV: 'production', PRIVATE_NETWORK_PLAIN_HTTP: 'true', S3_ENDPOINT: 'http://s3.example.com' }).join()).toMatch(
      /S3_ENDPOINT: plain http/,
    );
    expect(() => checkProduction('edge', { NODE_ENV: 'production', AWS_ACCESS_KEY_ID: 'S3RVER' })).toThrow(
      /^Invalid edge configuration:\n {2}AWS_ACCESS_KEY_ID/,
    );
  });

  it('NEW-4: a database on a public host without TLS is refused, however the URL leaves TLS off', () => {
    const base = { NODE_ENV: 'production', PIPELINE_OPERATOR_TOKEN: 'f3c1a9e07b2d4c6f8a1b3d5e7f9012ab', PIPELINE_OPERATOR_PORT: '4323' };
    const tlsProblem = (env: Record<string, string>) =>
      productionProblems('pipeline', { ...base, ...env }).filter((problem) => problem.startsWith('DATABASE_URL'));
    for (const url of [
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?ssl=false',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?ssl=0',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?sslmode=allow',
    ])
      expect(tlsProblem({ DATABASE_URL: url }).join(), url).toMatch(/^DATABASE_URL: no TLS/);
    for (const url of [
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?sslmode=verify-full',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?sslmode=require',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?ssl=true',
      'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads?sslrootcert=/etc/ssl/db-ca.pem',
    ])
      expect(tlsProblem({ DATABASE_URL: url }), url).toEqual([]);
    // PGSSLMODE applies to a URL that says nothing of TLS; a private host may go plain when allowed.
    expect(tlsProblem({ DATABASE_URL: 'postgresql://leads:Zx9-q1Lm_77vR@db.example.com/leads', PGSSLMODE: 'verify-full' })).toEqual([]);
    expect(tlsProblem({ DATABASE_URL: 'postgresql://leads:Zx9-q1Lm_77vR@10.0.0.5/leads', PRIVATE_NETWORK_PLAIN_HTTP: 'true' })).toEqual([]);
    expect(tlsProblem({ DATABASE_URL: 'postgresql://leads:Zx9-q1Lm_77vR@10.0.0.5/leads' }).join()).toMatch(/^DATABASE_URL: no TLS/);
  });

  it("NEW-4: an operator command gets the shared rules, not the API's or the pipeline's own requirements", () => {
    const unsafe = {
      NODE_ENV: 'production',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      DATABASE_URL: 'postgresql://leads@db.example.com/leads',
      STRIPE_API_URL: 'http://127.0.0.1:4540',
      PIPELINE_OPERATOR_TOKEN: 'f3c1a9e07b2d4c6f8a1b3d5e7f9012ab',
    };
    const problems = productionProblems('command', unsafe).map((problem) => problem.split(':')[0]);
    // DATABASE_URL twice: no password, and no TLS to a public host.
    expect(problems).toEqual(['AWS_ACCESS_KEY_ID', 'S3_ENDPOINT', 'DATABASE_URL', 'DATABASE_URL', 'STRIPE_API_URL']);
    expect(() => checkProduction('command', unsafe)).toThrow(/^Invalid operator command configuration:\n {2}AWS_ACCESS_KEY_ID/);
    // No SIGN_IN_SECRET, MAIL_API_URL or TRUST_PROXY is asked of a command, nor an operator port.
    expect(productionProblems('command', { NODE_ENV: 'production', PIPELINE_OPERATOR_TOKEN: 'f3c1a9e07b2d4c6f8a1b3d5e7f9012ab' })).toEqual([]);
  });

  it('private network hosts and secret strength', () => {
    for (const host of ['10.1.2.3', '[fd00::1]', 'localhost', 'minio', 'db.internal', 'pg.default.svc.cluster.local', 'nas.home.arpa'])
      expect(isPrivateNetworkHost(host), host).toBe(true);
    for (const host of ['8.8.8.8', 's3.example.com', 'example.local.com']) expect(isPrivateNetworkHost(host), host).toBe(false);
    expect(weakSecretProblem('aaaaaaaaaaaaaaaa', 16)).toMatch(/repeats one character/);
    expect(weakSecretProblem('a'.repeat(32), 32)).toMatch(/repeats one character/);
    expect(weakSecretProblem('abcdefghabcdefgx', 16)).toBeUndefined();
    expect(weakSecretProblem('aaaaaaaaaaaaaaab', 16)).toMatch(/too little entropy/);
  });
});
