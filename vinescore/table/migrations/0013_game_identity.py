"""Every game gets an identity for record files: existing games each a new
one (added empty, filled a batch at a time, then required and unique in
their group). An import job remembers whether it imports as a copy."""

import uuid

from django.db import migrations, models


def give_each_game_an_identity(apps, schema_editor):
    Game = apps.get_model("table", "Game")
    batch = []
    for game in Game.objects.filter(uid__isnull=True).only("pk").iterator(chunk_size=2000):
        game.uid = uuid.uuid4()
        batch.append(game)
        if len(batch) == 2000:
            Game.objects.bulk_update(batch, ["uid"])
            batch = []
    Game.objects.bulk_update(batch, ["uid"])


class Migration(migrations.Migration):

    dependencies = [
        ("table", "0012_deleted_games_start_keys_seat_changes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(give_each_game_an_identity, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False),
        ),
        migrations.AddField(
            model_name="importjob",
            name="as_copy",
            field=models.BooleanField(default=False),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                fields=("group", "uid"), name="one_copy_of_a_game_a_group"
            ),
        ),
    ]
