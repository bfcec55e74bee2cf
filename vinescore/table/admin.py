from django.contrib import admin

from .models import Game, Hand, HandChange, Player, Seat


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


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "position", "player"]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["game", "position", "deleted_at", "updated_at"]
    list_filter = ["deleted_at"]


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "hand", "action", "at"]
    list_filter = ["action"]
