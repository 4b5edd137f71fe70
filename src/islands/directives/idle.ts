/**
 * The value every `client:idle` island carries: hydrate when the browser is idle, and at the
 * latest after `timeout` ms. Without a bound, `requestIdleCallback` may never call back (a
 * main thread that stays busy, a browser that schedules no idle period), and the island (a
 * lead form, the vehicle page's buttons) would stay static HTML. Used as
 * `client:idle={IDLE_HYDRATION}`; tests/unit/idle-hydration.test.ts checks every island.
 */
export const IDLE_HYDRATION = { timeout: 2000 } as const;
