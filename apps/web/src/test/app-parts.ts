// Tests of features and shared components render with the portal's own theme and providers. They
// reach them through this test layer, which may import the app; features and components may not.
export { AppProviders } from '../app/providers';
export { theme } from '../app/theme';
