"""The table the players' records are kept in (settings.CACHES["records"]):
Django's own cache table, made by its createcachetable with every migrate, so
a new install, the tests and a deploy all have it."""

from django.conf import settings
from django.core.management import call_command
from django.db import migrations


def make_table(apps, schema_editor):
    call_command(
        "createcachetable", database=schema_editor.connection.alias, verbosity=0
    )


def drop_table(apps, schema_editor):
    table = settings.CACHES["records"]["LOCATION"]
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(table)}")


class Migration(migrations.Migration):
    dependencies = []

    operations = [migrations.RunPython(make_table, drop_table)]
