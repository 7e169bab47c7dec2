package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class HookProjectsTest {

    @Test
    void theProjectTheHookScriptReportedIsUsed() {
        assertThat(HookProjects.of("shop-api", null, "/home/dev/src/shop-api/src/main", List.of(), "default"))
                .isEqualTo("shop-api");
    }

    @Test
    void withoutAReportedProjectTheLastSegmentOfTheDirectoryIsUsedMadeValid() {
        assertThat(HookProjects.of(null, null, "/nowhere/at all/My Project!", List.of(), "default")).isEqualTo("My-Project-");
        assertThat(HookProjects.of("", null, "C:\\work\\shop\\", List.of(), "default")).isEqualTo("shop");
        assertThat(HookProjects.of(null, null, "", List.of(), "default")).isEqualTo("default");
        assertThat(HookProjects.of(null, null, null, List.of(), "default")).isEqualTo("default");
        assertThat(HookProjects.of(null, null, "/", List.of(), "default")).isEqualTo("default");
    }

    @Test
    void aConfiguredMappingWinsByRepositoryOrLongestPathPrefix() {
        List<String> mapping = List.of("github.com/acme/shop=shop", "/home/dev/work/=work", "/home/dev/work/legacy=old");
        assertThat(HookProjects.of("shop-wt", "git@github.com:Acme/shop.git", "/x", mapping, "default")).isEqualTo("shop");
        assertThat(HookProjects.of("shop-wt", "https://me:secret@github.com/acme/shop/", "/x", mapping, "default"))
                .isEqualTo("shop");
        assertThat(HookProjects.of("api", null, "/home/dev/work/api", mapping, "default")).isEqualTo("work");
        assertThat(HookProjects.of("api", null, "/home/dev/work/legacy/sub", mapping, "default")).isEqualTo("old");
        assertThat(HookProjects.of("api", null, "/home/dev/workshop", mapping, "default")).isEqualTo("api");
    }

    @Test
    void repositoryUrlsAreNormalised() {
        assertThat(HookProjects.normalizeRepo("https://user:pw@github.com/acme/shop.git")).isEqualTo("github.com/acme/shop");
        assertThat(HookProjects.normalizeRepo("git@github.com:acme/shop.git")).isEqualTo("github.com/acme/shop");
        assertThat(HookProjects.normalizeRepo("ssh://git@example.com:2222/acme/shop")).isEqualTo("example.com:2222/acme/shop");
        assertThat(HookProjects.normalizeRepo(" ")).isNull();
    }
}
