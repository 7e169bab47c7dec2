package dev.brain.gateway.mcp;

/** Argument descriptions shared by several tools. */
final class Descriptions {

    private Descriptions() {
    }

    static final String PROJECT = "Project name; default: the token's default project";
    static final String WORKING_DIRECTORY = "Root directory of your repository; its name is the project unless project is given";
    static final String ERROR_ID = "Error id, as returned by brain_report_error or brain_query_error";
    static final String SOLUTION_ID = "Solution id, as listed under the error";
    static final String AGENT = "Agent id whose memory this is (default claude)";
    static final String INSIGHT_TYPE = "trend, pattern, gap, synergy, optimization, template_candidate, project_suggestion or warning"
            + " (comma-separated for several); default: all";
    static final String LIBRARY_PATH = "Library path as returned by knowledge_search or knowledge_save (agent/user/file.md)";
}
