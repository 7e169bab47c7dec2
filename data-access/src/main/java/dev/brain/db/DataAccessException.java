package dev.brain.db;

import java.sql.SQLException;

/**
 * A failed statement: the one database exception of every service. It keeps the {@link SQLException} as its cause,
 * so the services' status mapping ({@code tenancy/StatusMapping}) turns SQLState class 08 (connection) into
 * UNAVAILABLE and everything else into INTERNAL.
 */
public class DataAccessException extends RuntimeException {

    public DataAccessException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /** The SQLState of the failed statement, or "" when the driver gave none. */
    public String sqlState() {
        String state = ((SQLException) getCause()).getSQLState();
        return state == null ? "" : state;
    }
}
