"""A window read as a screen reader reads it: Qt's accessibility tree, walked.

What a screen reader offers a user is what `QAccessible.queryAccessibleInterface`
gives: each control's role, state and name. A control a user can act on (it takes the
focus, or is a button, field, box, list or table) with no name is read as "button" or
"edit text", and the user cannot know what it does.
"""

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget

Role = QAccessible.Role

# Roles a user acts on: each needs a name.
INTERACTIVE = {
    Role.Button,
    Role.PushButton,
    Role.CheckBox,
    Role.RadioButton,
    Role.ComboBox,
    Role.EditableText,
    Role.SpinBox,
    Role.Slider,
    Role.List,
    Role.Table,
    Role.Tree,
    Role.PageTab,
    Role.ButtonMenu,
    Role.ButtonDropDown,
    Role.Link,
    Role.ProgressBar,  # read as "progress bar 40 %": of what, its name says
}
# Roles a screen reader lists among the open windows (AT-SPI "frame", "dialog", "alert").
WINDOWS = {Role.Window, Role.Dialog, Role.AlertMessage}
# Roles whose value is what the user gives: each needs a label besides (its name may be
# the value itself: a combo box is named by its current choice).
FIELDS = {Role.EditableText, Role.ComboBox, Role.SpinBox}
# Roles whose children (rows, cells, a spin box's own editor) are named by the control.
CONTAINERS = {Role.List, Role.Table, Role.Tree, Role.SpinBox, Role.ComboBox}


def described(interface: QAccessibleInterface) -> str:
    """The object an interface stands for, as a failing test names it."""
    target = interface.object()
    kind = type(target).__name__ if target is not None else "?"
    name = target.objectName() if target is not None else ""
    path = []
    widget = target if isinstance(target, QWidget) else None
    while widget is not None:
        path.append(widget.objectName() or type(widget).__name__)
        widget = widget.parentWidget()
    where = " < ".join(path[1:4])
    text = interface.text(QAccessible.Text.Value) or interface.text(QAccessible.Text.Description)
    return f"{kind} {name!r} ({interface.role().name}, {text[:40]!r}) in {where}"


def labelled(interface: QAccessibleInterface) -> bool:
    """Whether a text field is labelled: its own accessible name, or a label whose buddy
    it is (a QFormLayout row's label is)."""
    target = interface.object()
    if isinstance(target, QWidget) and target.accessibleName():
        return True
    return bool(interface.relations(QAccessible.RelationFlag.Label))


def problems(window: QWidget) -> list[str]:
    """Each control of `window` a screen reader reaches without a name, each field
    without a label, each button named as another is (two "Browse..." buttons), and
    each drawn widget without a name; hidden ones are skipped (no one reaches them).
    A window itself must be one to a screen reader: a "filler" is not in its window list."""
    found: list[str] = []
    buttons: dict[str, QAccessibleInterface] = {}
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None and root.isValid()
    if window.isWindow() and root.role() not in WINDOWS:
        found.append(f"not a window: {described(root)}")
    stack = [root]
    while stack:
        interface = stack.pop()
        state = interface.state()
        if state.invisible:
            continue
        role = interface.role()
        if role in INTERACTIVE or (state.focusable and interface is not root):
            if not interface.text(QAccessible.Text.Name).strip():
                found.append(f"no name: {described(interface)}")
            elif role in FIELDS and not labelled(interface):
                found.append(f"no label: {described(interface)}")
            elif role in (Role.PushButton, Role.Button):
                name = interface.text(QAccessible.Text.Name)
                if name in buttons:
                    found.append(f"named as another: {described(interface)}")
                buttons[name] = interface
        elif (
            # A widget that draws what it shows (a figure, a flash, a dot) has no text
            # for a screen reader but its name and description.
            role is Role.Client
            and not interface.childCount()
            and type(interface.object()) is not QWidget  # a viewport, a spacer: drawn by Qt
            and interface is not root
            and not interface.text(QAccessible.Text.Name).strip()
        ):
            found.append(f"drawn, no name: {described(interface)}")
        if role in CONTAINERS:
            continue
        stack.extend(
            child
            for child in (interface.child(i) for i in range(interface.childCount()))
            if child is not None and child.isValid()
        )
    return found
