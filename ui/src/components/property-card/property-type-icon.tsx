import {
  Building,
  Building2,
  Castle,
  Crown,
  GraduationCap,
  House,
  HouseHeart,
  Houses,
  Layers2,
  MountainSnow,
  Sofa,
  Tractor,
  TreePalm,
  TreePine,
  Warehouse,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  apartment: Building2,
  house: House,
  condo: Building,
  student_housing: GraduationCap,
  villa: TreePalm,
  townhouse: Houses,
  duplex: Layers2,
  studio: Sofa,
  penthouse: Crown,
  loft: Warehouse,
  cottage: TreePine,
  bungalow: HouseHeart,
  chalet: MountainSnow,
  farmhouse: Tractor,
  mansion: Castle,
};

/** propertyTypeIcon picks the icon of a property type; an unknown type gets the apartment icon (SPEC §3). */
export function propertyTypeIcon(type: string): LucideIcon {
  return ICONS[type] ?? Building2;
}

/** PropertyTypeIcon draws the icon of a property type (decorative: write the type's name beside it). */
export function PropertyTypeIcon({ type, ...props }: { type: string } & LucideProps) {
  const Icon = ICONS[type] ?? Building2;
  return <Icon aria-hidden="true" {...props} />;
}
