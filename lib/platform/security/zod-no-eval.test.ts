import { disableZodEval } from "./zod-no-eval";

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

afterEach(() => {
  delete (globalThis as ZodGlobal).__zod_globalConfig;
});

it("makes zod skip its new Function probe, whether it loads after or was loaded before", () => {
  jest.isolateModules(() => {
    delete (globalThis as ZodGlobal).__zod_globalConfig;
    disableZodEval();
    const core = require("zod/v4/core") as typeof import("zod/v4/core");
    expect(core.config().jitless).toBe(true);
    // The probe's cached answer: false without running `new Function`.
    const FunctionBefore = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(FunctionBefore, {
      construct: (t, args) => (constructed++, Reflect.construct(t, args)),
    });
    try {
      expect(core.util.allowsEval.value).toBe(false);
      const { z } = require("zod") as typeof import("zod");
      expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
      expect(constructed).toBe(0);
    } finally {
      globalThis.Function = FunctionBefore;
    }
  });
  jest.isolateModules(() => {
    delete (globalThis as ZodGlobal).__zod_globalConfig;
    const core = require("zod/v4/core") as typeof import("zod/v4/core");
    expect(core.config().jitless).toBeUndefined();
    disableZodEval();
    expect(core.config().jitless).toBe(true);
  });
});
