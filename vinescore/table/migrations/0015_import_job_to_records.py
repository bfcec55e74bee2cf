"""Import jobs belong to the records app now; the table stays where it is
(records.0001 takes the model over, keeping its db_table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0014_import_job_as_a_task"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ImportJob")],
            database_operations=[],
        ),
    ]
