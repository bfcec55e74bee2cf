"""The import job, taken over from the table app with its existing table."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0001_groups"),
        ("table", "0016_import_job_to_records"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="ImportJob",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("waiting", "Waiting"),
                                    ("running", "Running"),
                                    ("done", "Done"),
                                    ("failed", "Failed"),
                                ],
                                default="waiting",
                                max_length=7,
                            ),
                        ),
                        ("file_name", models.CharField(max_length=255)),
                        ("size", models.PositiveBigIntegerField()),
                        ("as_copy", models.BooleanField(default=False)),
                        ("language", models.CharField(blank=True, max_length=16)),
                        ("progress_games", models.PositiveIntegerField(default=0)),
                        ("progress_bytes", models.PositiveBigIntegerField(default=0)),
                        ("saving", models.BooleanField(default=False)),
                        ("games", models.PositiveIntegerField(default=0)),
                        ("first_games", models.JSONField(blank=True, default=list)),
                        ("error", models.TextField(blank=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "group",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="import_jobs",
                                to="accounts.group",
                            ),
                        ),
                    ],
                    options={"db_table": "table_importjob"},
                ),
            ],
        ),
    ]
