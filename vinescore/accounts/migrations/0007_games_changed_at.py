"""A group keeps when one of its games last changed: History and a player's
page are kept by it. Every group starts from now."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_game_links_to_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="group",
            name="games_changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
    ]
