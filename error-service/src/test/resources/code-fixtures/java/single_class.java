package com.acme.cache;

import java.util.LinkedHashMap;
import java.util.Map;

/** A least-recently-used cache holding at most {@code capacity} entries. */
public class LruCache<K, V> {

    private final int capacity;
    private final Map<K, V> entries = new LinkedHashMap<>(16, 0.75f, true);

    public LruCache(int capacity) {
        this.capacity = capacity;
    }

    public V get(K key) {
        return entries.get(key);
    }

    public void put(K key, V value) {
        entries.put(key, value);
        if (entries.size() > capacity) {
            K eldest = entries.keySet().iterator().next();
            entries.remove(eldest);
        }
    }

    public int size() {
        return entries.size();
    }

    public void clear() {
        entries.clear();
    }
}
