from django import forms
from django.contrib.auth.forms import UserCreationForm

from vinescore.table.names import NameInvalid, clean_name

from .models import Group, Membership


class GroupForm(forms.Form):
    name = forms.CharField(
        max_length=Group._meta.get_field("name").max_length,
        label="Group name",
        help_text="A game night, a club, a family.",
    )

    def clean_name(self) -> str:
        return group_name(self.cleaned_data["name"])


def group_name(raw: str) -> str:
    """A group's name is checked as a player's is: it has to show, and
    cannot hold direction or control characters."""
    try:
        return clean_name(raw, most=Group._meta.get_field("name").max_length)
    except NameInvalid as invalid:
        raise forms.ValidationError(str(invalid)) from None


class OwnerForm(UserCreationForm):
    """The first account, which owns the first group."""

    group = forms.CharField(
        max_length=Group._meta.get_field("name").max_length,
        label="Your group's name",
        initial="Game night",
        help_text="Everyone you invite plays in it; you can start more later.",
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_group(self) -> str:
        return group_name(self.cleaned_data["group"])


class InvitationForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES, initial=Membership.MEMBER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES)


class SwitchForm(forms.Form):
    group = forms.IntegerField()
    next = forms.CharField(required=False)
