import unicodedata

from django.db import migrations, models


def name_key(name):
    # names.name_key as of this migration.
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def fill_name_keys(apps, schema_editor):
    """Every player gets the key their name is compared by; two old names
    that now read as one (they differed only by width or a look-alike
    letter) keep apart by a number."""
    Player = apps.get_model("table", "Player")
    taken = set()
    for player in Player.objects.order_by("pk"):
        key, name, n = name_key(player.name), player.name, 1
        while key in taken:
            n += 1
            name = f"{player.name[:36]} ({n})"
            key = name_key(name)
        taken.add(key)
        player.name, player.name_key = name, key
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("table", "0006_change_log_for_the_whole_game"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_ignoring_case",
        ),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=200),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("name_key",), name="player_name_key_unique"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="total",
            field=models.BigIntegerField(default=0, help_text="Final score, or coin balance."),
        ),
        migrations.AlterField(
            model_name="seat",
            name="bid_total",
            field=models.BigIntegerField(default=0, help_text="Sum of those bids."),
        ),
        migrations.AlterField(
            model_name="seat",
            name="best_hand",
            field=models.BigIntegerField(
                blank=True, help_text="Most scored in one hand.", null=True
            ),
        ),
    ]
