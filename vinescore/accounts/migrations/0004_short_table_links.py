"""A table link's address carries a short random code instead of its signed
number. Links made before get a code each (all made the same way), then the
column becomes unique."""

from django.db import migrations, models

import vinescore.accounts.models


def give_codes(apps, schema_editor):
    TableLink = apps.get_model("accounts", "TableLink")
    given = set()
    for link in TableLink.objects.only("pk").iterator():
        code = vinescore.accounts.models.new_table_code()
        while code in given:
            code = vinescore.accounts.models.new_table_code()
        given.add(code)
        TableLink.objects.filter(pk=link.pk).update(code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_sessions_on_the_server"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablelink",
            name="code",
            field=models.CharField(editable=False, max_length=8, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="tablelink",
            name="code",
            field=models.CharField(
                default=vinescore.accounts.models.new_table_code,
                editable=False,
                max_length=8,
                unique=True,
            ),
        ),
    ]
