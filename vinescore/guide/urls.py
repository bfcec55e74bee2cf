"""The rules reference, under /rules/."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.rules_index, name="rules_index"),
    path("glossary/", views.rules_glossary, name="rules_glossary"),
    path("deck/", views.rules_deck, name="rules_deck"),
    path("search/", views.rules_search, name="rules_search"),
    path("<slug:key>/", views.rules_page, name="rules_page"),
]
