from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from vinescore.names import NameField, NameInvalid, clean_name

from . import setup_code
from .models import Group, Membership


class GroupForm(forms.Form):
    name = NameField(
        max_length=Group._meta.get_field("name").max_length,
        label=_("Group name"),
        help_text=_("A game night, a club, a family."),
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

    group = NameField(
        max_length=Group._meta.get_field("name").max_length,
        label=_("Your group's name"),
        initial=_("Game night"),
        help_text=_("Everyone you invite plays in it; you can start more later."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, needs_code: bool = False, **kwargs):
        """`needs_code`: the visitor is not the server itself, so the
        one-time setup code shown where vinescore was started is asked for."""
        super().__init__(*args, **kwargs)
        if needs_code:
            self.fields["setup_code"] = forms.CharField(
                max_length=20,
                label=_("Setup code"),
                help_text=_(
                    "Shown where vinescore was started, on the machine that serves it. "
                    "On that machine itself, no code is needed."
                ),
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )
            self.order_fields(["setup_code"])

    def clean_setup_code(self) -> str:
        typed = self.cleaned_data["setup_code"]
        if not setup_code.current():
            raise forms.ValidationError(
                _(
                    "This server has no setup code now: set vinescore up on the machine that "
                    "serves it, or start it again for a new code."
                )
            )
        if not setup_code.matches(typed):
            raise forms.ValidationError(
                _("That is not the setup code: check the code shown where vinescore was started.")
            )
        return typed

    def clean_group(self) -> str:
        return group_name(self.cleaned_data["group"])


class InvitationForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES, initial=Membership.MEMBER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES)


class SwitchForm(forms.Form):
    group = forms.IntegerField()
    next = forms.CharField(required=False)
