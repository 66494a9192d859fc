import { dbConfig } from "./config";

test("the embedded driver is the default, even with the Auth emulator's demo project configured", () => {
  expect(dbConfig({}).driver).toBe("embedded");
  expect(
    dbConfig({ FIREBASE_PROJECT_ID: "demo-promptframe", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).driver,
  ).toBe("embedded");
  expect(dbConfig({}).sqliteFile).toBe(".data/promptframe.sqlite");
  expect(dbConfig({ DATA_DIR: "/srv/pf" }).sqliteFile).toBe("/srv/pf/promptframe.sqlite");
});

test("Firestore is chosen by an emulator host, by real credentials, or explicitly; DB_DRIVER wins", () => {
  expect(dbConfig({ FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" }).driver).toBe("firestore");
  expect(dbConfig({ FIREBASE_PROJECT_ID: "acme-prod", FIREBASE_SERVICE_ACCOUNT: "{}" }).driver).toBe("firestore");
  expect(dbConfig({ FIREBASE_PROJECT_ID: "demo-x", FIREBASE_SERVICE_ACCOUNT: "{}" }).driver).toBe("embedded");
  expect(dbConfig({ DB_DRIVER: "embedded", FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" }).driver).toBe("embedded");
  expect(dbConfig({ DB_DRIVER: "firestore" }).driver).toBe("firestore");
  expect(() => dbConfig({ DB_DRIVER: "mongo" })).toThrow(/DB_DRIVER/);
});
