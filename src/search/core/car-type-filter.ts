/**
 * Car-type filter (spec §4): All, New, Used, Demo and the joint 'New / Demo'. When the site
 * disables All and nothing is chosen, the first option is selected. Pure.
 */

/** One option: label and the car types it selects (empty = all). */
export interface CarTypeOption {
  key: string;
  label: string;
  types: string[];
}

/** Options in the order shown. */
export const CAR_TYPE_OPTIONS: readonly CarTypeOption[] = [
  { key: 'all', label: 'All', types: [] },
  { key: 'new', label: 'New', types: ['new'] },
  { key: 'used', label: 'Used', types: ['used'] },
  { key: 'demo', label: 'Demo', types: ['demo'] },
  { key: 'new-demo', label: 'New / Demo', types: ['new', 'demo'] },
];

/** Options offered on a site: 'All' only when allowed; options without stock are dropped (All always kept). */
export function carTypeOptions(allowAll: boolean, counts?: Record<string, number>): CarTypeOption[] {
  return CAR_TYPE_OPTIONS.filter((option) => {
    if (option.key === 'all') return allowAll;
    if (!counts) return true;
    return option.types.some((type) => (counts[type] ?? 0) > 0);
  });
}

/** The option matching the refined car types; with All disabled and nothing refined, the first option. */
export function selectedCarType(refined: readonly string[], options: readonly CarTypeOption[]): CarTypeOption | undefined {
  const wanted = [...refined].sort().join(',');
  const match = options.find((option) => [...option.types].sort().join(',') === wanted);
  if (match) return match;
  if (refined.length === 0) return options[0];
  return undefined;
}

/** Whether the selection must be forced: All disabled and nothing refined (then options[0] is applied). */
export function needsDefaultCarType(refined: readonly string[], options: readonly CarTypeOption[]): boolean {
  return refined.length === 0 && options.length > 0 && options[0].types.length > 0;
}
