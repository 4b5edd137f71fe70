/**
 * Which tenants' reserved overlay changed in the pipeline state (issue 33 item 1). A lead API
 * on any machine writes reservations into the state (state/store.ts reserveCar); the pipeline
 * polls every tenant's overlay signature with its folder scan and enqueues the tenants whose
 * signature moved. A poll of the state, not a message: it needs nothing but the state both
 * sides already reach, and a change made while the pipeline was down is seen at its next poll.
 */
import type { PipelineState } from './store.ts';

export class ReservationWatch {
  private readonly seen = new Map<string, string>();
  private primed = false;
  private readonly state: PipelineState;

  constructor(state: PipelineState) {
    this.state = state;
  }

  /** Tenants whose overlay changed since the last call (added, changed or emptied); the first call only takes note. */
  async changed(): Promise<string[]> {
    const signatures = await this.state.reservationSignatures();
    const changed: string[] = [];
    for (const slug of new Set([...signatures.keys(), ...this.seen.keys()])) {
      const signature = signatures.get(slug);
      if (signature === this.seen.get(slug)) continue;
      if (signature === undefined) this.seen.delete(slug);
      else this.seen.set(slug, signature);
      changed.push(slug);
    }
    const first = !this.primed;
    this.primed = true;
    return first ? [] : changed.sort();
  }
}
