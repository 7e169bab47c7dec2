package dev.brain.memory.shortterm.grpc;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import dev.brain.grpc.v1.DeleteEntryRequest;
import dev.brain.grpc.v1.DeleteEntryResponse;
import dev.brain.grpc.v1.EntryHit;
import dev.brain.grpc.v1.GetEntryRequest;
import dev.brain.grpc.v1.GetEntryResponse;
import dev.brain.grpc.v1.ListEntriesRequest;
import dev.brain.grpc.v1.ListEntriesResponse;
import dev.brain.grpc.v1.MutinyShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.PromotionState;
import dev.brain.grpc.v1.SearchEntriesRequest;
import dev.brain.grpc.v1.SearchEntriesResponse;
import dev.brain.grpc.v1.WriteEntryReason;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.memory.shortterm.NewEntry;
import dev.brain.memory.shortterm.mapping.EntryMapper;
import dev.brain.memory.shortterm.service.ShortTermEntries;
import dev.brain.tenancy.BadInput;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ShortTermMemoryService}: short-term entries of a pair (memory.md §4.2, §13). */
@GrpcService
public class ShortTermMemoryGrpcService extends MutinyShortTermMemoryServiceGrpc.ShortTermMemoryServiceImplBase {

    private final ShortTermEntries entries;
    private final Embedder embedder;

    public ShortTermMemoryGrpcService(ShortTermEntries entries, Embedder embedder) {
        this.entries = entries;
        this.embedder = embedder;
    }

    @Override
    @Blocking
    public Uni<WriteEntryResponse> writeEntry(WriteEntryRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            NewEntry entry = EntryRequests.write(request, embedder.dimension());
            if (!entries.stored(entry.salience())) {
                return WriteEntryResponse.newBuilder().setStored(false)
                        .setReason(WriteEntryReason.WRITE_ENTRY_REASON_BELOW_MIN_SALIENCE).build();
            }
            if (entry.embedding() == null) {
                entry = entry.withEmbedding(embedder.embed(List.of(EntryRequests.embeddingText(entry.content()))).get(0));
            }
            ShortTermEntries.Written written = entries.write(pair, entry);
            WriteEntryResponse.Builder response = WriteEntryResponse.newBuilder().setStored(written.stored())
                    .setCreated(written.created());
            if (written.entry() != null) {
                response.setEntry(EntryMapper.toProto(written.entry()));
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<GetEntryResponse> getEntry(GetEntryRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            EntryRow row = switch (request.getSelectorCase()) {
                case ID -> entries.get(pair, positive(request.getId()), null, request.getIncludeEmbedding());
                case ENTRY_KEY -> entries.get(pair, null, key(request.getEntryKey()), request.getIncludeEmbedding());
                default -> throw BadInput.invalid("id or entry_key: one is required");
            };
            return GetEntryResponse.newBuilder().setEntry(EntryMapper.toProto(row)).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListEntriesResponse> listEntries(ListEntriesRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            List<String> states = new ArrayList<>();
            for (int i = 0; i < request.getStatesCount(); i++) {
                PromotionState state = request.getStates(i);
                String db = EntryMapper.state(state);
                if (db == null) {
                    throw BadInput.invalid("states[" + i + "]: unknown state " + state);
                }
                states.add(db);
            }
            String observer = request.getObserver() == Observer.OBSERVER_UNSPECIFIED ? null
                    : EntryMapper.observer(request.getObserver());
            if (request.getObserver() != Observer.OBSERVER_UNSPECIFIED && observer == null) {
                throw BadInput.invalid("observer: unknown value");
            }
            int size = pageSize(request.getPageSize());
            long before = pageToken(request.getPageToken());
            List<EntryRow> rows = entries.list(pair, states, observer, before, size + 1);
            ListEntriesResponse.Builder response = ListEntriesResponse.newBuilder();
            rows.stream().limit(size).forEach(r -> response.addEntries(EntryMapper.toProto(r)));
            if (rows.size() > size) {
                response.setNextPageToken(token(rows.get(size - 1).id()));
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<SearchEntriesResponse> searchEntries(SearchEntriesRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            int limit = request.getLimit() == 0 ? 10 : request.getLimit();
            if (limit < 1 || limit > 50) {
                throw BadInput.invalid("limit: " + request.getLimit() + " is outside 1..50");
            }
            Double minCosine = null;
            if (request.hasMinCosine()) {
                double m = request.getMinCosine();
                if (!Double.isFinite(m) || m < -1 || m > 1) {
                    throw BadInput.invalid("min_cosine: " + m + " is outside [-1,1]");
                }
                minCosine = m;
            }
            List<String> observers = new ArrayList<>();
            for (int i = 0; i < request.getObserversCount(); i++) {
                String o = EntryMapper.observer(request.getObservers(i));
                if (o == null) {
                    throw BadInput.invalid("observers[" + i + "]: user or assistant");
                }
                observers.add(o);
            }
            float[] query = switch (request.getQueryCase()) {
                case QUERY_TEXT -> embedder.embed(List.of(EntryRequests.embeddingText(
                        EntryRequests.content(request.getQueryText(), "query_text")))).get(0);
                case QUERY_VECTOR -> EntryRequests.vector(request.getQueryVector(), embedder.dimension(), "query_vector");
                default -> throw BadInput.invalid("query_text or query_vector: one is required");
            };
            SearchEntriesResponse.Builder response = SearchEntriesResponse.newBuilder();
            entries.search(pair, query, observers, minCosine, limit).forEach(hit -> response.addHits(
                    EntryHit.newBuilder().setEntry(EntryMapper.toProto(hit.entry())).setCosine(hit.cosine())));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<DeleteEntryResponse> deleteEntry(DeleteEntryRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            long id = switch (request.getSelectorCase()) {
                case ID -> entries.delete(pair, positive(request.getId()), null);
                case ENTRY_KEY -> entries.delete(pair, null, key(request.getEntryKey()));
                default -> throw BadInput.invalid("id or entry_key: one is required");
            };
            return DeleteEntryResponse.newBuilder().setId(id).build();
        });
    }

    static long positive(long id) {
        if (id <= 0) {
            throw BadInput.invalid("id: must be > 0");
        }
        return id;
    }

    static String key(String key) {
        if (key.isEmpty() || key.length() > EntryRequests.MAX_KEY_CHARS) {
            throw BadInput.invalid("entry_key: 1–" + EntryRequests.MAX_KEY_CHARS + " characters");
        }
        return key;
    }

    static int pageSize(int requested) {
        int size = requested == 0 ? 50 : requested;
        if (size < 1 || size > 1000) {
            throw BadInput.invalid("page_size: " + requested + " is outside 1..1000");
        }
        return size;
    }

    /** The keyset position: entries with an id below this one (Long.MAX_VALUE = from the newest). */
    static long pageToken(String token) {
        if (token.isEmpty()) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(new String(Base64.getUrlDecoder().decode(token), java.nio.charset.StandardCharsets.UTF_8)
                    .substring("e:".length()));
        } catch (RuntimeException e) {
            throw BadInput.invalid("page_token: not a token of this list");
        }
    }

    static String token(long lastId) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("e:" + lastId).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
