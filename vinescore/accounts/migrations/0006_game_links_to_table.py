"""Spectator and table links live beside the game now (table.links); their
tables stay where they are (table.0017 takes the models over, keeping
their db_table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_table_link_for_the_evening"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="SpectatorLink"),
                migrations.DeleteModel(name="TableLink"),
            ],
            database_operations=[],
        ),
    ]
