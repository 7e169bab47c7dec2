package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ErrorDetectorTest {

    @Test
    void aNonZeroExitCodeIsAnErrorAndZeroIsNot() {
        assertThat(ErrorDetector.isError(1, "anything")).isTrue();
        assertThat(ErrorDetector.isError(0, "error: this line only mentions an error")).isFalse();
    }

    @Test
    void withoutExitCodeTheOutputDecides() {
        assertThat(ErrorDetector.isError(null, "Traceback (most recent call last):\n  File \"a.py\", line 1")).isTrue();
        assertThat(ErrorDetector.isError(null, "TypeError: Cannot read properties of undefined (reading 'x')")).isTrue();
        assertThat(ErrorDetector.isError(null, "src/a.ts(3,5): error TS2322: Type 'string' is not assignable")).isTrue();
        assertThat(ErrorDetector.isError(null, "error[E0382]: borrow of moved value: `v`")).isTrue();
        assertThat(ErrorDetector.isError(null, "panic: runtime error: index out of range")).isTrue();
        assertThat(ErrorDetector.isError(null, "npm ERR! code ENOENT")).isTrue();
        assertThat(ErrorDetector.isError(null, "bash: foo: command not found")).isTrue();
        assertThat(ErrorDetector.isError(null, "fatal: not a git repository")).isTrue();
        assertThat(ErrorDetector.isError(null, "Tests run: 3, Failures: 1\nFAILED")).isTrue();
    }

    @Test
    void ordinaryOutputIsNoError() {
        assertThat(ErrorDetector.isError(null, "total 12\ndrwxr-xr-x  2 root root 4096 a\nBUILD SUCCESS")).isFalse();
        assertThat(ErrorDetector.isError(null, "")).isFalse();
        assertThat(ErrorDetector.isError(null, null)).isFalse();
    }
}
