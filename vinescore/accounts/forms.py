from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import Group, Membership


class GroupForm(forms.Form):
    name = forms.CharField(
        max_length=Group._meta.get_field("name").max_length,
        label="Group name",
        help_text="A game night, a club, a family.",
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the group a name.")
        return name


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


class InvitationForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES, initial=Membership.MEMBER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.ROLES)


class SwitchForm(forms.Form):
    group = forms.IntegerField()
    next = forms.CharField(required=False)
