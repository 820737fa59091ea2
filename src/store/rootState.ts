/**
 * The whole state's shape. Each feature's slice file adds its part here
 * (declaration merging), so the store kit and the features name the state
 * without importing the app that combines the slices (`src/app/rootReducer.ts`
 * checks that it combines exactly these parts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the slices' declarations
export interface RootState {}
