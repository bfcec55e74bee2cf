"""A table link's address carries a short random code instead of its signed
number. Links made before get a code each (all made the same way), then the
column becomes unique."""

import secrets

from django.db import migrations, models


def new_table_code() -> str:
    # As table links drew their codes then (they live in table.links now).
    return "".join(secrets.choice("0123456789abcdefghjkmnpqrstvwxyz") for _ in range(8))


def give_codes(apps, schema_editor):
    TableLink = apps.get_model("accounts", "TableLink")
    given = set()
    for link in TableLink.objects.only("pk").iterator():
        code = new_table_code()
        while code in given:
            code = new_table_code()
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
                default=new_table_code,
                editable=False,
                max_length=8,
                unique=True,
            ),
        ),
    ]
