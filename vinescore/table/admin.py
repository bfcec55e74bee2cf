from django.contrib import admin

from .models import Game, GameChange, Hand, Player, Seat, SpectatorLink


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    """Seats change on the score sheet's Seats page, which checks them
    against the game's rules and logs the change."""

    model = Seat
    extra = 0
    can_delete = False
    readonly_fields = ["position", "player", "total", "won"]
    fields = readonly_fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "created_at", "finished_at", "winner_name", "hand_count"]
    list_filter = ["kind", "finished_at"]
    inlines = [SeatInline]
    readonly_fields = [
        "finished_at",
        "winner_name",
        "final_totals",
        "hand_count",
        "running_totals",
    ]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.refresh_result()

    def delete_queryset(self, request, queryset):
        for game in queryset:  # each through Game.delete, which its players' records follow
            game.delete()


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


@admin.register(SpectatorLink)
class SpectatorLinkAdmin(admin.ModelAdmin):
    list_display = ["game", "created_at", "revoked_at"]
