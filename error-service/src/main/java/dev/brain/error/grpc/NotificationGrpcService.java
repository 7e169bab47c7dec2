package dev.brain.error.grpc;

import dev.brain.error.notification.Notifications;
import dev.brain.grpc.v1.AcknowledgeNotificationsRequest;
import dev.brain.grpc.v1.AcknowledgeNotificationsResponse;
import dev.brain.grpc.v1.CreateNotificationRequest;
import dev.brain.grpc.v1.CreateNotificationResponse;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListNotificationsResponse;
import dev.brain.grpc.v1.MutinyNotificationServiceGrpc;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.wire.WireNames;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code NotificationService} (error-code.md §11). */
@GrpcService
public class NotificationGrpcService extends MutinyNotificationServiceGrpc.NotificationServiceImplBase {

    static final int MAX_ACK_IDS = 1000;

    private final Notifications notifications;

    public NotificationGrpcService(Notifications notifications) {
        this.notifications = notifications;
    }

    @Override
    @Blocking
    public Uni<ListNotificationsResponse> listNotifications(ListNotificationsRequest r) {
        return Uni.createFrom().item(() -> ListNotificationsResponse.newBuilder().addAllNotifications(
                notifications.pending(r.getScope(), Pages.limit(r.getLimit()), r.getAcknowledge(),
                        r.getAboutProjectOnly()))
                .build());
    }

    @Override
    @Blocking
    public Uni<AcknowledgeNotificationsResponse> acknowledgeNotifications(AcknowledgeNotificationsRequest r) {
        return Uni.createFrom().item(() -> {
            if (r.getIdsCount() == 0 || r.getIdsCount() > MAX_ACK_IDS) {
                throw Status.INVALID_ARGUMENT.withDescription("ids: 1-" + MAX_ACK_IDS + " notification ids")
                        .asRuntimeException();
            }
            return AcknowledgeNotificationsResponse.newBuilder()
                    .setAcknowledged(notifications.acknowledge(r.getScope(), r.getIdsList())).build();
        });
    }

    @Override
    @Blocking
    public Uni<CreateNotificationResponse> createNotification(CreateNotificationRequest r) {
        return Uni.createFrom().item(() -> {
            if (r.getType() == NotificationType.NOTIFICATION_TYPE_UNSPECIFIED
                    || r.getType() == NotificationType.UNRECOGNIZED) {
                throw Status.INVALID_ARGUMENT.withDescription("type is required").asRuntimeException();
            }
            if (r.getSummary().isBlank() || r.getSummary().contains("\n")) {
                throw Status.INVALID_ARGUMENT.withDescription("summary: one non-empty line").asRuntimeException();
            }
            if (r.getDedupKey().isBlank() || r.getDedupKey().length() > 200) {
                throw Status.INVALID_ARGUMENT.withDescription("dedup_key: 1-200 characters").asRuntimeException();
            }
            String reference = switch (r.getReferenceType()) {
                case NODE_TYPE_UNSPECIFIED -> null;
                case NODE_TYPE_ERROR, NODE_TYPE_SOLUTION, NODE_TYPE_RULE, NODE_TYPE_ANTIPATTERN, NODE_TYPE_CODE_MODULE,
                        NODE_TYPE_INSIGHT ->
                    WireNames.of(r.getReferenceType());
                default -> throw Status.INVALID_ARGUMENT.withDescription("reference_type: " + r.getReferenceType()
                        + " cannot be referenced by a notification").asRuntimeException();
            };
            Notifications.Draft draft = new Notifications.Draft(
                    WireNames.of(r.getType()), null, null,
                    reference, r.getReferenceId() == 0 ? null : r.getReferenceId(), r.getSummary(), r.getDedupKey());
            Notifications.Created created = notifications.create(r.getScope(), r.getProject(), r.getSessionKey(),
                    draft);
            return CreateNotificationResponse.newBuilder().setNotification(created.notification())
                    .setCreated(created.created()).build();
        });
    }
}
