package com.acme.functions

/** Memoizes a one-argument function: each distinct argument is computed once and then served from a cache. */
fun <A, R> memoize(fn: (A) -> R): (A) -> R {
    val cache = HashMap<A, R>()
    return { argument -> cache.getOrPut(argument) { fn(argument) } }
}
