package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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
        assertThat(Fingerprints.selectedKeys(frames, "node", 3))
                .containsExactly("UserList.render@users.ts", "loadUsers@users.ts", "main@index.ts");
        assertThat(Fingerprints.fingerprint(ParsedError.of("TypeError", message, frames, "javascript", "node", 1)))
                .isEqualTo("2cf81632993882dbfe960cc355d7019de629368c085337e3d7191f4db5f74a6b");
    }

    private static Frame frame(String fn, String file) {
        return new Frame(fn, file, 1, 1, null, Fingerprints.inApp(file, fn));
    }

    /** The key of a frame of a runtime trace (a parser that is no compiler's). */
    private static String runtimeKey(Frame f) {
        return Fingerprints.frameKey(f, "node");
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
        assertThat(runtimeKey(new Frame("main.(*Server).Handle(...)", "/x/server.go", 3, null, null, true)))
                .isEqualTo("main.(*Server).Handle@server.go");
        assertThat(runtimeKey(new Frame("main.run(0xc000012345, {0x1, 0x2})", "/x/main.go", 3, null, null, true)))
                .isEqualTo("main.run@main.go");
        assertThat(runtimeKey(new Frame("com.acme.Outer$Inner.method", "Outer.java", 3, null, null, true)))
                .isEqualTo("com.acme.Outer$Inner.method@Outer.java");
        assertThat(runtimeKey(new Frame("com.acme.Main$1.run", "Main.java", 3, null, null, true)))
                .isEqualTo("com.acme.Main$<N>.run@Main.java");
        assertThat(runtimeKey(new Frame("com.acme.Main.lambda$main$12", "Main.java", 3, null, null, true)))
                .isEqualTo("com.acme.Main.lambda$main$<N>@Main.java");
        assertThat(runtimeKey(new Frame("shop::orders::Handler::handle", "./src/orders.rs", 3, 1, null, true)))
                .isEqualTo("shop::orders::Handler::handle@orders.rs");
        assertThat(runtimeKey(new Frame(null, "file:///x/y/app.mjs?v=3#top", 1, 1, null, true)))
                .isEqualTo("<anonymous>@app.mjs");
        assertThat(runtimeKey(new Frame(null, "src\\db.rs", 1, 1, "run(schema  42);", true)))
                .isEqualTo("ctx:run(schema <NUM>);@db.rs");
        assertThat(runtimeKey(new Frame(null, null, null, null, null, true))).isEqualTo("<anonymous>@<unknown>");
    }

    @Test
    void selectedKeysFallBackToAllFrames() {
        List<Frame> deps = List.of(frame("a", "/x/node_modules/a.js"), frame("b", "/x/node_modules/b.js"),
                frame("c", "/x/node_modules/c.js"), frame("d", "/x/node_modules/d.js"));
        assertThat(Fingerprints.selectedKeys(deps, "node", 3)).containsExactly("a@a.js", "b@b.js", "c@c.js");
        assertThat(Fingerprints.selectedKeys(List.of(), "node", 3)).isEmpty();
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
                        "/tmp/build-1.sh: line 3: jq: command not found", "bash: jq: command not found"),
                arguments("next.js: server chunk numbers",
                        "TypeError: fetch failed\n    at handler (/app/.next/server/chunks/742.js:1:2048)\n",
                        "TypeError: fetch failed\n    at handler (/srv/web/.next/server/chunks/915.js:1:877)\n"),
                arguments("vite: content hashes",
                        "TypeError: x is undefined\n    at render (https://shop.example/assets/index-B4gT9xQe.js:12:9)\n",
                        "TypeError: x is undefined\n    at render (https://shop.example/assets/index-Dq81mZk2.js:40:3)\n"));
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
                arguments("port",
                        "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n",
                        "Error: connect ECONNREFUSED 127.0.0.1:6379\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n"),
                arguments("localhost port", "curl: (7) Failed to connect to localhost:8080: Connection refused",
                        "curl: (7) Failed to connect to localhost:9090: Connection refused"),
                arguments("go receiver", go, go.replace("(*Server)", "(*Client)")),
                arguments("two rust errors, same file", rust,
                        "error[E0502]: cannot borrow `order` as mutable because it is also borrowed as immutable\n"
                                + "  --> src/orders.rs:57:20\n   |\n57 |     println!(\"{}\", order.id);\n"),
                arguments("python quoted key",
                        "Traceback (most recent call last):\n  File \"/a/x.py\", line 1, in f\nKeyError: 'user'",
                        "Traceback (most recent call last):\n  File \"/a/x.py\", line 1, in f\nKeyError: 'order'"),
                arguments("java inner class",
                        "java.lang.IllegalStateException: x\n\tat com.acme.Outer$Inner.run(Outer.java:1)\n",
                        "java.lang.IllegalStateException: x\n\tat com.acme.Outer$Other.run(Outer.java:1)\n"),
                arguments("bundle name", "TypeError: x is undefined\n    at render (/assets/index-B4gT9xQe.js:1:1)\n",
                        "TypeError: x is undefined\n    at render (/assets/vendor-B4gT9xQe.js:1:1)\n"),
                arguments("compiler diagnostic, other file", rust, rust.replace("src/orders.rs", "src/billing.rs")),
                arguments("rust method",
                        "thread 'main' panicked at src/a.rs:1:1:\nboom\nstack backtrace:\n   0: app::Server::handle\n             at ./src/a.rs:1:1\n",
                        "thread 'main' panicked at src/a.rs:1:1:\nboom\nstack backtrace:\n   0: app::Client::handle\n             at ./src/a.rs:1:1\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("differentErrors")
    void differentErrorsDifferentFingerprints(String name, String a, String b) {
        assertThat(fp(a)).isNotEqualTo(fp(b));
    }

    @Test
    void bundlerChunkNumbersAndHashesBecomeH() {
        assertThat(Fingerprints.basename(".next/server/chunks/742.js")).isEqualTo("<H>.js");
        assertThat(Fingerprints.basename("/srv/web/.next/server/chunks/915.js")).isEqualTo("<H>.js");
        assertThat(Fingerprints.basename("https://shop.example/assets/index-B4gT9xQe.js")).isEqualTo("index-<H>.js");
        assertThat(Fingerprints.basename("/static/js/main.3f2a9c1e.chunk.js")).isEqualTo("main.<H>.chunk.js");
        assertThat(Fingerprints.basename("dist/chunk-2TZKDP4F.mjs")).isEqualTo("chunk-<H>.mjs");
        assertThat(Fingerprints.basename("vendors_node_modules_123_456.js")).isEqualTo("vendors_node_modules_<H>_<H>.js");
        // words, parts under six characters, parts with other characters and the extension stay
        assertThat(Fingerprints.basename("/app/src/users.ts")).isEqualTo("users.ts");
        assertThat(Fingerprints.basename("react-dom.development.js")).isEqualTo("react-dom.development.js");
        assertThat(Fingerprints.basename("handler_v2.py")).isEqualTo("handler_v2.py");
        assertThat(Fingerprints.basename("abcdefgh.js")).isEqualTo("abcdefgh.js");
        assertThat(Fingerprints.basename("icon@2x-large.png")).isEqualTo("icon@2x-large.png");
        assertThat(Fingerprints.basename("clip.mp4")).isEqualTo("clip.mp4");
        // only bundler output: source files named with letters and digits keep their names (README, a narrower
        // reading of §5.4)
        assertThat(Fingerprints.basename("src/OAuth2Client.java")).isEqualTo("OAuth2Client.java");
        assertThat(Fingerprints.basename("pkg/s3client.go")).isEqualTo("s3client.go");
        assertThat(Fingerprints.basename("UserControllerV100042.java")).isEqualTo("UserControllerV100042.java");
        assertThat(Fingerprints.basename("assets/app-9f8e7d6c.css")).isEqualTo("app-<H>.css");
    }

    static final String E0382_LINE_14 = """
            error[E0382]: borrow of moved value: `settings`
              --> src/bootstrap.rs:14:20
               |
            11 |     let settings = Settings::load()?;
               |         -------- move occurs because `settings` has type `Settings`, which does not implement the `Copy` trait
            12 |     start(settings);
               |           -------- value moved here
            13 |
            14 |     println!("{}", settings.port);
               |                    ^^^^^^^^^^^^^ value borrowed here after move
            """;

    static final String E0382_LINE_31 = """
            error[E0382]: borrow of moved value: `settings`
              --> /home/bob/api/src/bootstrap.rs:31:37
               |
            22 |     let settings = Settings::from_env();
               |         -------- move occurs because `settings` has type `Settings`, which does not implement the `Copy` trait
            23 |     let server = Server::bind(settings);
               |                               -------- value moved here
            ...
            31 |     log::info!("listening on {}", settings.address());
               |                                   ^^^^^^^^^^^^^^^^^^ value borrowed here after move
            """;

    /** One diagnostic of each compiler parser, and the same diagnostic after an edit (other lines, other echoed code). */
    static Stream<Arguments> compilerDiagnostics() {
        return Stream.of(
                arguments("rustc", E0382_LINE_14, E0382_LINE_31, "diag@bootstrap.rs"),
                arguments("typescript", """
                        src/components/Cart.tsx:14:9 - error TS2322: Type 'string' is not assignable to type 'number'.

                        14   const total: number = props.total;
                                   ~~~~~
                        """, """
                        src/components/Cart.tsx:52:11 - error TS2322: Type 'string' is not assignable to type 'number'.

                        52   let sum: number = row.amount;
                                 ~~~
                        """, "diag@Cart.tsx"),
                arguments("javac", """
                        src/main/java/com/acme/shop/OrderService.java:42: error: cannot find symbol
                                orderRepo.save(order);
                                ^
                          symbol:   variable orderRepo
                        """, """
                        /ci/src/main/java/com/acme/shop/OrderService.java:97: error: cannot find symbol
                                return orderRepo.findAll().stream().map(this::view).toList();
                                       ^
                          symbol:   variable orderRepo
                        """, "diag@OrderService.java"),
                arguments("javac", "e: file:///a/src/main/kotlin/Main.kt:5:13 Unresolved reference: findByEmail\n",
                        "e: file:///b/src/main/kotlin/Main.kt:40:2 Unresolved reference: findByEmail\n", "diag@Main.kt"),
                arguments("gcc-clang", """
                        src/parser.c:57:12: error: 'hdr_len' undeclared (first use in this function)
                           57 |     return hdr_len;
                              |            ^~~~~~~
                        """, """
                        src/parser.c:88:20: error: 'hdr_len' undeclared (first use in this function)
                           88 |     size_t total = hdr_len + body_len;
                              |                    ^~~~~~~
                        """, "diag@parser.c"),
                arguments("go-build", "./main.go:28:19: undefined: OrderRepo\n", "./main.go:71:3: undefined: OrderRepo\n",
                        "diag@main.go"),
                arguments("maven", "[ERROR] /ci/shop/src/main/java/com/acme/Cart.java:[8,25] ';' expected\n",
                        "[ERROR] /home/a/shop/src/main/java/com/acme/Cart.java:[61,3] ';' expected\n", "diag@Cart.java"));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("compilerDiagnostics")
    void compilerDiagnosticsAreKeyedByTheirFileAndNeverByTheEchoedSource(String parser, String before, String after,
            String key) {
        AnalyzedError a = AnalyzedError.of(before);
        AnalyzedError b = AnalyzedError.of(after);
        assertThat(a.parsed().parser()).isEqualTo(parser);
        assertThat(Fingerprints.selectedKeys(a.parsed().frames(), parser, 3)).containsExactly(key);
        String echoed = a.parsed().frames().get(0).contextLine();
        if (echoed != null) { // rustc, typescript, javac and gcc-clang echo the line: it was read, and it changed
            assertThat(b.parsed().frames().get(0).contextLine()).isNotNull().isNotEqualTo(echoed);
        }
        assertThat(b.parsed().message()).isEqualTo(a.parsed().message());
        assertThat(b.template()).isEqualTo(a.template());
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint());
    }

    @Test
    void echoedSourceLinesStayContextLinesAndOutOfMessageAndTemplate() {
        AnalyzedError e = AnalyzedError.of(E0382_LINE_14);
        assertThat(e.parsed().frames().get(0).contextLine()).isEqualTo("println!(\"{}\", settings.port);");
        assertThat(e.parsed().message()).isEqualTo("borrow of moved value: `settings`");
        assertThat(e.template()).isEqualTo("borrow of moved value: `settings`");
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
