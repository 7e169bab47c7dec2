package dev.brain.research.migration;

import dev.brain.testing.MigrationContract;
import io.quarkus.test.junit.QuarkusTest;

/** The service's migrations build the schema from nothing, and a second run changes nothing. */
@QuarkusTest
class MigrationTest extends MigrationContract {

    MigrationTest() {
        super("research_migration_test", "insight", "knowledge_entry", "job_run");
    }
}
