package dev.brain.error.project;

import java.time.OffsetDateTime;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A project of a tenant, named by the caller (error-code.md §3 {@code project}). */
@Entity
@Table(name = "project")
public class Project {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 64)
    public String tenant;

    @Column(nullable = false, length = 128)
    public String name;

    @Column(name = "root_path")
    public String rootPath;

    @Column(nullable = false)
    public String[] languages = new String[0];

    @Column(nullable = false)
    public String[] frameworks = new String[0];

    public String description;

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    public OffsetDateTime updatedAt;
}
