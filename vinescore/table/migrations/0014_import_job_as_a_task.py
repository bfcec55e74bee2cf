"""An import job is run by a task of Django's tasks framework: how far it got
is kept in its row (no longer in a file beside the upload), and the language
of the page that uploaded it, in which it says why nothing was imported."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('table', '0013_game_identity'),
    ]

    operations = [
        migrations.AddField(
            model_name='importjob',
            name='language',
            field=models.CharField(blank=True, max_length=16),
        ),
        migrations.AddField(
            model_name='importjob',
            name='progress_bytes',
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='importjob',
            name='progress_games',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='importjob',
            name='saving',
            field=models.BooleanField(default=False),
        ),
    ]
