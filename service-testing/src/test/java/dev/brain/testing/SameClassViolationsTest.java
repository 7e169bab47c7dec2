package dev.brain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SameClassViolationsTest {

    private final SameClassViolations matcher = new SameClassViolations();

    @Test
    void theTopLevelClassOfEachKindOfLine() {
        assertThat(SameClassViolations.topLevelClass(
                "Constructor <a.b.Jobs.<init>(dev.brain.db.Jdbc, java.time.Clock)> has parameter of type <dev.brain.db.Jdbc> in (Jobs.java:0)"))
                .isEqualTo("a.b.Jobs");
        assertThat(SameClassViolations.topLevelClass(
                "Method <a.b.Jobs$Run.lambda$run$0(java.sql.Connection)> calls method <java.sql.Connection.close()> in (Jobs.java:42)"))
                .isEqualTo("a.b.Jobs");
        assertThat(SameClassViolations.topLevelClass("Field <a.b.Jobs.jdbc> has type <dev.brain.db.Jdbc> in (Jobs.java:0)"))
                .isEqualTo("a.b.Jobs");
        assertThat(SameClassViolations.topLevelClass("Class <a.b.Jobs$1> implements <java.sql.Driver> in (Jobs.java:0)"))
                .isEqualTo("a.b.Jobs");
        assertThat(SameClassViolations.topLevelClass("no code unit here")).isNull();
    }

    @Test
    void aChangedLineOfARecordedClassMatchesAndAnotherClassDoesNot() {
        String recorded = "Constructor <a.b.Jobs.<init>(dev.brain.db.Jdbc)> has parameter of type <dev.brain.db.Jdbc> in (Jobs.java:0)";
        assertThat(matcher.matches(recorded,
                "Constructor <a.b.Jobs.<init>(dev.brain.db.Jdbc, a.b.Locks)> has parameter of type <dev.brain.db.Jdbc> in (Jobs.java:0)"))
                .isTrue();
        assertThat(matcher.matches(recorded,
                "Constructor <a.b.NewService.<init>(dev.brain.db.Jdbc)> has parameter of type <dev.brain.db.Jdbc> in (NewService.java:0)"))
                .isFalse();
    }
}
