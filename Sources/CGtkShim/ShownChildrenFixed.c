#include "CGtkShim.h"

// A GtkFixed whose snapshot leaves out the children its viewport does not
// show. GTK's own snapshot of a container visits every child and the
// renderer then draws each one, clipped away or not; a list keeps rows
// beyond the view (its overscan) so a scroll finds them filled in, and
// drawing those at every frame would cost as much as the rows in view.

typedef struct {
    GtkFixed parent_instance;
} DKShownChildrenFixed;

typedef struct {
    GtkFixedClass parent_class;
} DKShownChildrenFixedClass;

G_DEFINE_TYPE(DKShownChildrenFixed, dk_shown_children_fixed, GTK_TYPE_FIXED)

/// How far beyond the shown area a child still counts as shown: what a
/// child draws outside its bounds (a shadow, a focus ring) stays drawn.
static const float dk_shown_margin = 16;

/// The part of `widget` its nearest viewport shows, in `widget`'s
/// coordinates; FALSE when it is in no viewport (or the viewport's
/// position relative to it is unknown), when every child is drawn.
static gboolean dk_shown_rect(GtkWidget *widget, graphene_rect_t *shown) {
    GtkWidget *viewport = gtk_widget_get_ancestor(widget, GTK_TYPE_VIEWPORT);
    if (viewport == NULL) return FALSE;
    graphene_point_t origin;
    if (!gtk_widget_compute_point(viewport, widget, &GRAPHENE_POINT_INIT(0, 0), &origin)) return FALSE;
    graphene_rect_init(shown, origin.x - dk_shown_margin, origin.y - dk_shown_margin,
                       gtk_widget_get_width(viewport) + 2 * dk_shown_margin,
                       gtk_widget_get_height(viewport) + 2 * dk_shown_margin);
    return TRUE;
}

static void dk_shown_children_fixed_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    graphene_rect_t shown;
    gboolean clips = dk_shown_rect(widget, &shown);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        graphene_rect_t bounds;
        if (clips && gtk_widget_compute_bounds(child, widget, &bounds)
            && !graphene_rect_intersection(&bounds, &shown, NULL)) continue;
        gtk_widget_snapshot_child(widget, child, snapshot);
    }
}

static void dk_shown_children_fixed_class_init(DKShownChildrenFixedClass *class) {
    GTK_WIDGET_CLASS(class)->snapshot = dk_shown_children_fixed_snapshot;
}

static void dk_shown_children_fixed_init(DKShownChildrenFixed *self) {
    (void)self;
}
