// What the browser tests share (web/tests/*.mjs; host_tests/test_web_browser.py
// and test_web_friend_browser.py run them; the page's own helpers are in
// e2e.mjs). checks() gives check(name, fn), which runs one check and prints
// "ok NAME" or "FAIL NAME: why", expect(cond, what), noErrors(errors), the
// check that a run had none, and tally(), which prints "N passed, N failed"
// and sets the exit status (1 when any failed). watch(context) is the
// context's first page with its page errors gathered in errors. run(name,
// main) runs a test's main, a crash of it one failed check.

export function checks() {
  const results = [];
  async function check(name, fn) {
    try {
      await fn();
      results.push(true);
      console.log("ok " + name);
    } catch (e) {
      results.push(false);
      console.log("FAIL " + name + ": " + (e && e.message ? e.message : e));
    }
  }
  const expect = (cond, what) => { if (!cond) throw new Error(what); };
  const noErrors = (errors, name = "no page error in the whole run") =>
    check(name, async () => expect(errors.length === 0, errors.join(" | ")));
  function tally() {
    const passed = results.filter((r) => r).length;
    console.log(`${passed} passed, ${results.length - passed} failed`);
    process.exitCode = passed === results.length ? 0 : 1;
  }
  return { check, expect, noErrors, tally };
}

export async function watch(context) {
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { page, errors };
}

export function run(name, main) {
  main().catch((e) => {
    console.log("FAIL " + name + ": " + (e && e.stack ? e.stack : e));
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
  });
}
