package dev.brain.error.support;

/** Source modules the code-intelligence tests register: a reusable one, its renamed copy, and an unrelated one. */
public final class CodeSamples {

    private CodeSamples() {
    }

    public static final String RETRY = """
            import { sleep } from './sleep';
            /** Retries an async operation with exponential backoff. */
            export async function retry<T>(fn: () => Promise<T>, attempts: number = 3): Promise<T> {
              let lastError: unknown;
              for (let i = 0; i < attempts; i++) {
                try { return await fn(); } catch (err) { lastError = err; await sleep(2 ** i * 100); }
              }
              throw lastError;
            }
            """;
    /** RETRY renamed and reformatted: the same structure. */
    public static final String RETRY_RENAMED = """
            import { sleep } from './sleep';

            // Runs a task again and again until it works.
            export async function withRetries<R>(task: () => Promise<R>, tries: number = 5): Promise<R> {
                let failure: unknown;
                for (let n = 0; n < tries; n++) {
                    try {
                        return await task();
                    } catch (e) {
                        failure = e;
                        await sleep(2 ** n * 250);
                    }
                }
                throw failure;
            }
            """;
    public static final String SLUGIFY = """
            /** Turns a title into a URL slug. */
            export function slugify(title: string): string {
              return title.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
            }
            """;
}
