import { Activity, Award, Book, Crown, Shield, Star, Trophy, Users, Zap, type LucideIcon, type LucideProps } from "lucide-react";

/** ICONS maps SPEC §2's badge icon names to their pictures. */
const ICONS: Record<string, LucideIcon> = {
  trophy: Trophy,
  award: Award,
  star: Star,
  users: Users,
  zap: Zap,
  activity: Activity,
  shield: Shield,
  crown: Crown,
  book: Book,
};

/** BadgeIcon draws a badge's icon by its name, award for any other name (SPEC §2); decorative. */
export function BadgeIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name] : Award;
  return <Icon aria-hidden="true" {...props} />;
}
