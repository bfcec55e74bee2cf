import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """The hand change log becomes the game's change log: it keeps every
    entry, and gains game-level actions and the one-time key of a submit."""

    dependencies = [
        ("table", "0005_player_record_changed_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RenameModel(old_name="HandChange", new_name="GameChange"),
        migrations.AlterField(
            model_name="gamechange",
            name="hand",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="changes",
                to="table.hand",
            ),
        ),
        migrations.AlterField(
            model_name="gamechange",
            name="action",
            field=models.CharField(
                choices=[
                    ("added", "Added"),
                    ("edited", "Edited"),
                    ("deleted", "Deleted"),
                    ("restored", "Restored"),
                    ("note", "Note"),
                    ("target", "Target"),
                    ("ended", "Ended"),
                    ("reopened", "Reopened"),
                    ("rescored", "Rescored"),
                    ("rematch", "Rematch"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="gamechange",
            name="key",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="gamechange",
            name="version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddConstraint(
            model_name="gamechange",
            constraint=models.UniqueConstraint(
                condition=models.Q(("key", ""), _negated=True),
                fields=("game", "key"),
                name="one_change_per_submit",
            ),
        ),
    ]
