/** The lead API's settings live in src/config/server.ts (the one module that reads the environment); kept here for existing imports. */
export { ConfigError, loadConfig, type ApiConfig } from '../../config/server.ts';
