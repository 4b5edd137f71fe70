/**
 * Which tenants' reserved overlay in the pipeline state differs from what their live site was
 * built from. A lead API on any machine writes reservations into the state (store.ts
 * reserveCar); every release records the signature of the rows it was built from
 * (recordReservationsBuilt). The pipeline polls both with its folder scan and enqueues each
 * tenant whose rows moved away from its built signature, once per new signature. A poll of
 * the state, not a message: it needs nothing but the state both sides already reach, and a
 * change made while no pipeline ran is seen by the first poll of the next one.
 */
import type { PipelineState } from './store.ts';

export class ReservationWatch {
  /** The signature each tenant was last asked to rebuild for, until a release records it as built. */
  private readonly requested = new Map<string, string>();
  private readonly state: PipelineState;

  constructor(state: PipelineState) {
    this.state = state;
  }

  /** Tenants to rebuild: their rows differ from what their live site was built from, and were not asked for already. */
  async changed(): Promise<string[]> {
    const [current, built] = await Promise.all([this.state.reservations.signatures(), this.state.reservations.builtSignatures()]);
    const changed: string[] = [];
    for (const slug of new Set([...current.keys(), ...built.keys(), ...this.requested.keys()])) {
      const signature = current.get(slug) ?? '';
      if (signature === (built.get(slug) ?? '')) this.requested.delete(slug);
      else if (this.requested.get(slug) !== signature) {
        this.requested.set(slug, signature);
        changed.push(slug);
      }
    }
    return changed.sort();
  }
}
