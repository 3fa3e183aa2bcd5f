/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PROVIDER_DOMAIN?: string;
  readonly VITE_PARTNER_DOMAINS?: string;
  readonly VITE_PRIMARY_CLIENT_ID?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  // The release the build came from (vite.config.ts), sent with browser error reports.
  readonly VITE_RELEASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
