package dev.brain.memory.log.grpc;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;

import dev.brain.grpc.v1.MutinyPipelineLogServiceGrpc;
import dev.brain.grpc.v1.QueryPipelineLogRequest;
import dev.brain.grpc.v1.QueryPipelineLogResponse;
import dev.brain.grpc.v1.WritePipelineLogRequest;
import dev.brain.grpc.v1.WritePipelineLogResponse;
import dev.brain.memory.log.LogLine;
import dev.brain.memory.log.mapping.PipelineLogMapper;
import dev.brain.memory.log.repository.PipelineLogRepository.Filter;
import dev.brain.memory.log.repository.PipelineLogRepository.Visibility;
import dev.brain.memory.log.service.PipelineLogs;
import dev.brain.memory.pair.PairAccess.PairId;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code PipelineLogService} (memory.md §10, §13): buffered Write (turn_raw synchronous) and paged Query. */
@GrpcService
public class PipelineLogGrpcService extends MutinyPipelineLogServiceGrpc.PipelineLogServiceImplBase {

    private final PipelineLogs logs;
    private final Clock clock;

    public PipelineLogGrpcService(PipelineLogs logs, Clock clock) {
        this.logs = logs;
        this.clock = clock;
    }

    @Override
    @Blocking
    public Uni<WritePipelineLogResponse> write(WritePipelineLogRequest request) {
        return Uni.createFrom().item(() -> {
            Tenancy.currentTenant();
            List<LogLine> lines = PipelineLogRequests.write(request, OffsetDateTime.now(clock));
            return WritePipelineLogResponse.newBuilder().setAccepted(logs.write(lines)).build();
        });
    }

    @Override
    @Blocking
    public Uni<QueryPipelineLogResponse> query(QueryPipelineLogRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            PairId pair = PipelineLogRequests.pair(request.hasPair() ? request.getPair() : null, "pair");
            int pageSize = PipelineLogRequests.pageSize(request);
            Filter filter = new Filter(empty(request.getTurnId()),
                    PipelineLogRequests.uuid(request.getSpanId(), "span_id"), empty(request.getNode()),
                    PipelineLogRequests.art(request.getArt()), empty(request.getSource()),
                    pair == null ? null : pair.userId(), pair == null ? null : pair.agentId(),
                    request.hasFrom() ? PipelineLogRequests.time(request.getFrom(), "from") : null,
                    request.hasTo() ? PipelineLogRequests.time(request.getTo(), "to") : null,
                    new Visibility(tenant, logs.isSystemTenant(tenant)));
            List<LogLine.Stored> rows = logs.query(filter, PipelineLogRequests.after(request.getPageToken()), pageSize);
            QueryPipelineLogResponse.Builder response = QueryPipelineLogResponse.newBuilder();
            rows.stream().limit(pageSize).forEach(r -> response.addEntries(PipelineLogMapper.entry(r)));
            if (rows.size() > pageSize) {
                LogLine.Stored last = rows.get(pageSize - 1);
                response.setNextPageToken(PipelineLogRequests.token(last.line().createdAt(), last.id()));
            }
            return response.build();
        });
    }

    private static String empty(String s) {
        return s.isEmpty() ? null : s;
    }
}
