"""Import jobs belong to the records app now; the table stays where it is
(records.0001 takes the model over, keeping its db_table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0015_change_log_names_the_guest"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ImportJob")],
            database_operations=[],
        ),
    ]
