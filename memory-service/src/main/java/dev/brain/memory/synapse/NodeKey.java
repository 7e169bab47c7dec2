package dev.brain.memory.synapse;

/** A node of any service: its type as stored ({@code error}, {@code code_module}, …) and its owner's id. */
public record NodeKey(String type, long id) implements Comparable<NodeKey> {

    @Override
    public int compareTo(NodeKey other) {
        int byType = type.compareTo(other.type);
        return byType != 0 ? byType : Long.compare(id, other.id);
    }

    @Override
    public String toString() {
        return type + ":" + id;
    }
}
