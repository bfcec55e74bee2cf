from django.db import migrations, models


def each_link_holds_its_game(apps, schema_editor):
    TableLink = apps.get_model("accounts", "TableLink")
    Through = TableLink.games.through
    Through.objects.bulk_create(
        [
            Through(tablelink_id=pk, game_id=game)
            for pk, game in TableLink.objects.values_list("pk", "game_id")
        ]
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_short_table_links"),
        ("table", "0014_import_job_as_a_task"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablelink",
            name="games",
            field=models.ManyToManyField(
                blank=True, related_name="table_links_in", to="table.game"
            ),
        ),
        migrations.RunPython(each_link_holds_its_game, migrations.RunPython.noop),
    ]
