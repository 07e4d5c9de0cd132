// bench/.scratch/prims.ts
import * as Effect from "effect/Effect";
import * as ManagedRuntime from "effect/ManagedRuntime";
import * as Layer from "effect/Layer";
var runtime = ManagedRuntime.make(Layer.empty);
await runtime.runPromise(Effect.void);
var fn2 = Effect.fn("X.y")(function* (n) {
  return n;
});
var fnU = Effect.fnUntraced(function* (n) {
  return n;
});
var cases = {
  awaitResolve: () => Promise.resolve(1),
  runPromiseVoid: () => runtime.runPromise(Effect.void),
  effectRunPromiseVoid: () => Effect.runPromise(Effect.void),
  runPromisePromise: () => runtime.runPromise(Effect.promise(() => Promise.resolve(1))),
  runPromiseTryPromiseSignal: () => runtime.runPromise(Effect.tryPromise({ try: (s) => Promise.resolve(1), catch: String })),
  runPromiseTryPromise: () => runtime.runPromise(Effect.tryPromise({ try: () => Promise.resolve(1), catch: String })),
  fnTraced: () => runtime.runPromise(fn2(1)),
  fnUntraced: () => runtime.runPromise(fnU(1)),
  gen: () => runtime.runPromise(Effect.gen(function* () {
    const a = yield* Effect.succeed(1);
    return a;
  })),
  withSpan: () => runtime.runPromise(Effect.withSpan(Effect.succeed(1), "s")),
  annotate: () => runtime.runPromise(Effect.annotateCurrentSpan({ a: 1, b: 2 })),
  catch: () => runtime.runPromise(Effect.succeed(1).pipe(Effect.catch(() => Effect.succeed(2)))),
  newError2: () => {
    const l = Error.stackTraceLimit;
    Error.stackTraceLimit = 2;
    const e = new Error();
    Error.stackTraceLimit = l;
    return e;
  }
};
var which = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(cases);
for (const k of which) {
  const f = cases[k];
  const N = 5e4;
  for (let i = 0; i < 5e3; i++) await f();
  const best = [];
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await f();
    const c = process.cpuUsage(c0);
    best.push((c.user + c.system) / N);
  }
  console.log(k.padEnd(28), Math.min(...best).toFixed(2), "\xB5s cpu");
}
await runtime.dispose();
