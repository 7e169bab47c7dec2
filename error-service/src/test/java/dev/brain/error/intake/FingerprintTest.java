package dev.brain.error.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Spec §5.4 and §18 item 2: same errors share a fingerprint, different errors do not. */
class FingerprintTest {

    static String fp(String raw) {
        return AnalyzedError.of(raw).fingerprint();
    }

    @Test
    void workedExampleOfSpec() {
        String message = "Cannot read properties of undefined (reading 'map') at /home/alice/app/src/users.ts:42:17 "
                + "(request 3f2a9c1e-5b7d-4e2a-9c1f-0a1b2c3d4e5f, 2024-05-01T12:30:45Z, 0x7ffe12ab, retry 3 of 5, db 10.0.0.7:5432)";
        List<Frame> frames = List.of(
                frame("UserList.render", "/home/alice/app/src/users.ts"),
                frame("renderWithHooks", "/home/alice/app/node_modules/react-dom/cjs/react-dom.development.js"),
                frame("loadUsers", "/home/alice/app/src/api/users.ts"),
                frame("main", "/home/alice/app/src/index.ts"));
        assertThat(Fingerprints.selectedKeys(frames, 3))
                .containsExactly("UserList.render@users.ts", "loadUsers@users.ts", "main@index.ts");
        assertThat(Fingerprints.fingerprint("TypeError", message, frames))
                .isEqualTo("2cf81632993882dbfe960cc355d7019de629368c085337e3d7191f4db5f74a6b");
    }

    private static Frame frame(String fn, String file) {
        return new Frame(fn, file, 1, 1, null, Fingerprints.inApp(file, fn));
    }

    @Test
    void inAppRule() {
        assertThat(Fingerprints.inApp("/app/node_modules/x/index.js", "f")).isFalse();
        assertThat(Fingerprints.inApp("C:\\app\\node_modules\\x\\index.js", "f")).isFalse();
        assertThat(Fingerprints.inApp("/usr/lib/python3/site-packages/x.py", "f")).isFalse();
        assertThat(Fingerprints.inApp("/usr/lib/python3/dist-packages/x.py", "f")).isFalse();
        assertThat(Fingerprints.inApp("/home/u/.m2/repository/x.jar", "f")).isFalse();
        assertThat(Fingerprints.inApp("/home/u/.gradle/caches/x.jar", "f")).isFalse();
        assertThat(Fingerprints.inApp("/app/vendor/lib.go", "f")).isFalse();
        assertThat(Fingerprints.inApp("/app/target/gen.rs", "f")).isFalse();
        assertThat(Fingerprints.inApp("/app/dist/bundle.js", "f")).isFalse();
        assertThat(Fingerprints.inApp("/home/u/go/pkg/mod/github.com/x/y.go", "f")).isFalse();
        assertThat(Fingerprints.inApp("/rustc/abc/library/std/src/x.rs", "f")).isFalse();
        assertThat(Fingerprints.inApp("java.base/Thread.java", "f")).isFalse();
        assertThat(Fingerprints.inApp("node:internal/modules/cjs/loader", "f")).isFalse();
        assertThat(Fingerprints.inApp("internal/process/task_queues.js", "f")).isFalse();
        assertThat(Fingerprints.inApp("<frozen importlib._bootstrap>", "f")).isFalse();
        assertThat(Fingerprints.inApp(null, "java.lang.Thread.run")).isFalse();
        assertThat(Fingerprints.inApp(null, "runtime.gopanic")).isFalse();
        assertThat(Fingerprints.inApp(null, "core::panicking::panic")).isFalse();
        assertThat(Fingerprints.inApp(null, "com.acme.Main.main")).isTrue();
        assertThat(Fingerprints.inApp("/app/src/distance.js", "f")).isTrue();
        assertThat(Fingerprints.inApp("/app/src/targets/x.js", "f")).isTrue();
    }

    @Test
    void frameKeys() {
        assertThat(Fingerprints.frameKey(new Frame("main.(*Server).Handle(...)", "/x/server.go", 3, null, null, true)))
                .isEqualTo("main.(*Server).Handle@server.go");
        assertThat(Fingerprints.frameKey(new Frame("main.run(0xc000012345, {0x1, 0x2})", "/x/main.go", 3, null, null, true)))
                .isEqualTo("main.run@main.go");
        assertThat(Fingerprints.frameKey(new Frame("com.acme.Outer$Inner.method", "Outer.java", 3, null, null, true)))
                .isEqualTo("com.acme.Outer$Inner.method@Outer.java");
        assertThat(Fingerprints.frameKey(new Frame("com.acme.Main$1.run", "Main.java", 3, null, null, true)))
                .isEqualTo("com.acme.Main$<N>.run@Main.java");
        assertThat(Fingerprints.frameKey(new Frame("com.acme.Main.lambda$main$12", "Main.java", 3, null, null, true)))
                .isEqualTo("com.acme.Main.lambda$main$<N>@Main.java");
        assertThat(Fingerprints.frameKey(new Frame("shop::orders::Handler::handle", "./src/orders.rs", 3, 1, null, true)))
                .isEqualTo("shop::orders::Handler::handle@orders.rs");
        assertThat(Fingerprints.frameKey(new Frame(null, "file:///x/y/app.mjs?v=3#top", 1, 1, null, true)))
                .isEqualTo("<anonymous>@app.mjs");
        assertThat(Fingerprints.frameKey(new Frame(null, "src\\db.rs", 1, 1, "run(schema  42);", true)))
                .isEqualTo("ctx:run(schema <NUM>);@db.rs");
        assertThat(Fingerprints.frameKey(new Frame(null, null, null, null, null, true))).isEqualTo("<anonymous>@<unknown>");
    }

    @Test
    void selectedKeysFallBackToAllFrames() {
        List<Frame> deps = List.of(frame("a", "/x/node_modules/a.js"), frame("b", "/x/node_modules/b.js"),
                frame("c", "/x/node_modules/c.js"), frame("d", "/x/node_modules/d.js"));
        assertThat(Fingerprints.selectedKeys(deps, 3)).containsExactly("a@a.js", "b@b.js", "c@c.js");
        assertThat(Fingerprints.selectedKeys(List.of(), 3)).isEmpty();
    }

    static Stream<Arguments> sameErrors() {
        return Stream.of(
                arguments("node: dirs, line/col, dependency frames",
                        "TypeError: Cannot read properties of undefined (reading 'id')\n"
                                + "    at loadUser (/home/alice/app/src/users.js:42:17)\n"
                                + "    at Layer.handle (/home/alice/app/node_modules/express/lib/layer.js:95:5)\n"
                                + "    at main (/home/alice/app/src/index.js:3:1)\n",
                        "TypeError: Cannot read properties of undefined (reading 'id')\n"
                                + "    at loadUser (/tmp/wt-3/src/users.js:48:9)\n"
                                + "    at Router.run (/tmp/wt-3/node_modules/router/index.js:12:1)\n"
                                + "    at next (/tmp/wt-3/node_modules/router/next.js:1:1)\n"
                                + "    at main (/tmp/wt-3/src/index.js:5:2)\n"),
                arguments("python: ids, UUIDs, timestamps",
                        "Traceback (most recent call last):\n  File \"/srv/a/app.py\", line 10, in handle\n    go()\n"
                                + "ValueError: order 12345 (3f2a9c1e-5b7d-4e2a-9c1f-0a1b2c3d4e5f) rejected at 2024-05-01T12:30:45Z",
                        "Traceback (most recent call last):\n  File \"/home/b/app.py\", line 99, in handle\n    go()\n"
                                + "ValueError: order 777 (0a1b2c3d-0000-4e2a-9c1f-0a1b2c3d4e5f) rejected at 2025-01-02 08:00:01"),
                arguments("go: goroutine numbers, addresses",
                        "panic: boom\n\ngoroutine 1 [running]:\nmain.(*Server).Handle(0xc000010000)\n\t/a/server.go:10 +0x1d\n",
                        "panic: boom\n\ngoroutine 77 [running]:\nmain.(*Server).Handle(0xc000099999, {0x1, 0x2})\n\t/b/c/server.go:12 +0x2f\n"),
                arguments("jvm: hex addresses, line numbers",
                        "java.lang.IllegalStateException: bad state 0x7ffe12ab\n\tat com.acme.A.run(A.java:10)\n",
                        "java.lang.IllegalStateException: bad state 0x1234\n\tat com.acme.A.run(A.java:99)\n"),
                arguments("rustc: line/col",
                        "error[E0425]: cannot find value `x` in this scope\n --> src/a.rs:1:2\n  |\n1 |     run(x);\n",
                        "error[E0425]: cannot find value `x` in this scope\n  --> src/a.rs:10:20\n   |\n10 |     run(x);\n"),
                arguments("shell: script path and line",
                        "/tmp/build-1.sh: line 3: jq: command not found", "bash: jq: command not found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sameErrors")
    void sameErrorSameFingerprint(String name, String a, String b) {
        assertThat(fp(a)).isEqualTo(fp(b));
    }

    static Stream<Arguments> differentErrors() {
        String node = "TypeError: Cannot read properties of undefined (reading 'id')\n    at loadUser (/app/src/users.js:42:17)\n";
        String go = "panic: boom\n\ngoroutine 1 [running]:\nmain.(*Server).Handle(...)\n\t/a/server.go:10 +0x1d\n";
        String rust = "error[E0382]: borrow of moved value: `order`\n  --> src/orders.rs:57:20\n   |\n57 |     println!(\"{}\", order.id);\n";
        return Stream.of(
                arguments("quoted identifier", node, node.replace("'id'", "'name'")),
                arguments("file name", node, node.replace("users.js", "orders.js")),
                arguments("function", node, node.replace("loadUser", "saveUser")),
                arguments("port", "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n",
                        "Error: connect ECONNREFUSED 127.0.0.1:6379\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n"),
                arguments("localhost port", "curl: (7) Failed to connect to localhost:8080: Connection refused",
                        "curl: (7) Failed to connect to localhost:9090: Connection refused"),
                arguments("go receiver", go, go.replace("(*Server)", "(*Client)")),
                arguments("code line", rust, rust.replace("order.id", "order.total")),
                arguments("two rust errors, same file", rust,
                        "error[E0502]: cannot borrow `order` as mutable because it is also borrowed as immutable\n"
                                + "  --> src/orders.rs:57:20\n   |\n57 |     println!(\"{}\", order.id);\n"),
                arguments("python quoted key", "Traceback (most recent call last):\n  File \"/a/x.py\", line 1, in f\nKeyError: 'user'",
                        "Traceback (most recent call last):\n  File \"/a/x.py\", line 1, in f\nKeyError: 'order'"),
                arguments("java inner class", "java.lang.IllegalStateException: x\n\tat com.acme.Outer$Inner.run(Outer.java:1)\n",
                        "java.lang.IllegalStateException: x\n\tat com.acme.Outer$Other.run(Outer.java:1)\n"),
                arguments("rust method", "thread 'main' panicked at src/a.rs:1:1:\nboom\nstack backtrace:\n   0: app::Server::handle\n             at ./src/a.rs:1:1\n",
                        "thread 'main' panicked at src/a.rs:1:1:\nboom\nstack backtrace:\n   0: app::Client::handle\n             at ./src/a.rs:1:1\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("differentErrors")
    void differentErrorsDifferentFingerprints(String name, String a, String b) {
        assertThat(fp(a)).isNotEqualTo(fp(b));
    }

    @Test
    void dependencyFramesDoNotDecideWhenInAppFramesExist() {
        String a = "TypeError: x is not a function\n"
                + "    at Object.run (/app/node_modules/lib-a/index.js:1:1)\n"
                + "    at handler (/app/src/handler.js:10:5)\n";
        String b = "TypeError: x is not a function\n"
                + "    at Other.call (/app/node_modules/lib-b/main.js:7:7)\n"
                + "    at Something.else (/app/node_modules/lib-b/x.js:7:7)\n"
                + "    at handler (/app/src/handler.js:11:5)\n";
        assertThat(fp(a)).isEqualTo(fp(b));
    }
}
