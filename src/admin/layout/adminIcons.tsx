import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import BadgeOutlinedIcon from "@mui/icons-material/BadgeOutlined";
import CableOutlinedIcon from "@mui/icons-material/CableOutlined";
import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import FlagOutlinedIcon from "@mui/icons-material/FlagOutlined";
import FolderCopyOutlinedIcon from "@mui/icons-material/FolderCopyOutlined";
import GppGoodOutlinedIcon from "@mui/icons-material/GppGoodOutlined";
import HistoryEduOutlinedIcon from "@mui/icons-material/HistoryEduOutlined";
import PaletteOutlinedIcon from "@mui/icons-material/PaletteOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import SettingsSuggestOutlinedIcon from "@mui/icons-material/SettingsSuggestOutlined";
import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import SpeedOutlinedIcon from "@mui/icons-material/SpeedOutlined";
import type { ReactElement } from "react";
import type { AdminNavIcon } from "../navigation";

/** The icon drawn for each admin navigation icon name. */
export const adminIcons: Record<AdminNavIcon, ReactElement> = {
  dashboard: <AssessmentOutlinedIcon />,
  agents: <SmartToyOutlinedIcon />,
  fileLibraries: <FolderCopyOutlinedIcon />,
  moderation: <FlagOutlinedIcon />,
  brands: <PaletteOutlinedIcon />,
  guidelines: <DescriptionOutlinedIcon />,
  performanceTests: <SpeedOutlinedIcon />,
  chatAccessPolicies: <GppGoodOutlinedIcon />,
  userRoles: <BadgeOutlinedIcon />,
  users: <PeopleAltOutlinedIcon />,
  auditLogs: <HistoryEduOutlinedIcon />,
  instanceSettings: <SettingsSuggestOutlinedIcon />,
  connections: <CableOutlinedIcon />,
};
