// Unit tests run against the Auth emulator's project unless a test says otherwise.
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";
process.env.FIREBASE_PROJECT_ID ??= "demo-promptframe";
process.env.COMPANY_EMAIL_DOMAINS ??= "promptframe.ai";
