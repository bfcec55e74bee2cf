from django.contrib import admin

from .models import Game, GameChange, Hand, Player, Seat


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "created_at", "finished_at", "winner_name", "hand_count"]
    list_filter = ["kind", "finished_at"]
    inlines = [SeatInline]
    readonly_fields = ["finished_at", "winner_name", "final_totals", "hand_count"]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.refresh_result()


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "position", "player"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        obj.game.refresh_result()  # the winner's name, and the game's version


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Hands are best changed on the score sheet, which checks them against
    the game's rules; here the facts are shown as stored."""

    list_display = ["game", "position", "deleted_at", "updated_at"]
    list_filter = ["deleted_at"]
    readonly_fields = ["game", "position", "facts"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        obj.game.refresh_result()


@admin.register(GameChange)
class GameChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "hand", "action", "at"]
    list_filter = ["action"]
