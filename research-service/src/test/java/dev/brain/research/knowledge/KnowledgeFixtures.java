package dev.brain.research.knowledge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.brain.grpc.v1.KnowledgeServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ResearchReport;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;

/** Shared test data of the library tests: a fresh tenant and pair per test class, requests, the volume. */
public final class KnowledgeFixtures {

    public static final String DEFAULT_AGENT = "claude";
    public static final double DEFAULT_SALIENCE = 0.5;

    public final String tenant = "t-kn-" + UUID.randomUUID().toString().substring(0, 8);
    public final Pair pair = pair("alice");

    public Pair pair(String user) {
        return Pair.newBuilder().setUserId(tenant + ":" + user).setAgentId(DEFAULT_AGENT).build();
    }

    public KnowledgeServiceGrpc.KnowledgeServiceBlockingStub stub(ManagedChannel channel) {
        return GrpcTestChannel.as(tenant, KnowledgeServiceGrpc.newBlockingStub(channel));
    }

    /** A save request of the default pair, salience 0.5, with a small report. */
    public SaveResearchRequest.Builder createDefaultSave(String topic, String distillate) {
        return SaveResearchRequest.newBuilder().setPair(pair).setTopic(topic).setDistillate(distillate)
                .setSalience(DEFAULT_SALIENCE)
                .setReport(ResearchReport.newBuilder().setMarkdown("searched the docs").setTrigger("user")
                        .setDurationMs(1200));
    }

    public static Path root() {
        return Path.of(ConfigProvider.getConfig().getValue("brain.knowledge.root", String.class)).toAbsolutePath()
                .normalize();
    }

    /** A library path ("agent/user/file.md") on the volume. */
    public static Path file(String libraryPath) {
        return root().resolve(libraryPath);
    }

    public static String read(String libraryPath) {
        try {
            return Files.readString(file(libraryPath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every path below the root with its size and modification time: a listing that shows any write. */
    public static List<String> listing() {
        Path root = root();
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(root)) {
            return all.map(p -> {
                try {
                    return root.relativize(p) + " " + (Files.isRegularFile(p) ? Files.size(p) + " "
                            + Files.getLastModifiedTime(p).toMillis() : "dir");
                } catch (IOException e) {
                    return root.relativize(p) + " ?";
                }
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
