"""Spectator and table links, taken over from the accounts app with their
existing tables (accounts.0006 lets them go)."""

import django.db.models.deletion
import vinescore.table.links
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0016_import_job_to_records"),
        ("accounts", "0006_game_links_to_table"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="SpectatorLink",
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
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "created_by",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="watch_links",
                                to="table.game",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "accounts_spectatorlink",
                        "ordering": ["-created_at", "-pk"],
                        "abstract": False,
                    },
                ),
                migrations.CreateModel(
                    name="TableLink",
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
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "code",
                            models.CharField(
                                default=vinescore.table.links.new_table_code,
                                editable=False,
                                max_length=8,
                                unique=True,
                            ),
                        ),
                        (
                            "created_by",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="table_links",
                                to="table.game",
                            ),
                        ),
                        (
                            "games",
                            models.ManyToManyField(
                                blank=True,
                                db_table="accounts_tablelink_games",
                                related_name="table_links_in",
                                to="table.game",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "accounts_tablelink",
                        "ordering": ["-created_at", "-pk"],
                        "abstract": False,
                    },
                ),
            ],
        ),
    ]
