from django.apps import AppConfig


class GuideConfig(AppConfig):
    name = "vinescore.guide"
    label = "guide"
    verbose_name = "Rules guide"
